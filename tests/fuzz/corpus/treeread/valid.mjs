export default {"guess": "clamp", "map": {
 "00000": {"guess": "fight", "map": {
  "02222": {"guess": "night", "map": {
   "02222": "sight",
   "22222": "night"
  }},
  "22222": "fight"
 }},
 "00010": "might",
 "01000": "light",
 "20100": "catch",
 "10100": {"guess": "batch", "map": {
  "02222": {"guess": "hatch", "map": {
   "02222": "watch",
   "22222": "hatch"
  }},
  "22222": "batch"
 }},
 "10101": "patch",
 "10110": "match",
 "11100": "latch"
}};
