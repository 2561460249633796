export default {"guess": "agent", "map": {
 "00000": {"guess": "chill", "map": {
  "00222": "frill",
  "01100": "humid",
  "22222": "chill"
 }},
 "00002": {"guess": "idiot", "map": {
  "00002": "blurt",
  "00202": "swift",
  "22222": "idiot"
 }},
 "00001": "story",
 "00020": "bound",
 "00022": "print",
 "00010": "scion",
 "00012": "unfit",
 "00011": "tonic",
 "00200": "quell",
 "00202": "swept",
 "00100": {"guess": "dried", "map": {
  "00010": "elbow",
  "00110": "issue",
  "22222": "dried"
 }},
 "00101": {"guess": "lefty", "map": {
  "01020": "wrote",
  "01010": "twice",
  "22222": "lefty"
 }},
 "00110": "fence",
 "01000": "gross",
 "01002": "light",
 "01100": {"guess": "grief", "map": {
  "22222": "grief",
  "10010": "wedge"
 }},
 "01110": "given",
 "20000": "acrid",
 "20101": "abate",
 "22222": "agent",
 "10000": {"guess": "palsy", "map": {
  "02000": "favor",
  "02002": "caddy",
  "02200": "valor",
  "02110": "basal",
  "01100": "coral",
  "22222": "palsy",
  "22100": "papal"
 }},
 "10001": "octal",
 "10020": "canny",
 "10010": {"guess": "bacon", "map": {
  "02001": "mania",
  "22222": "bacon"
 }},
 "10210": "sneak",
 "10100": {"guess": "racer", "map": {
  "02020": "payee",
  "02022": "wafer",
  "01010": "shade",
  "22222": "racer",
  "11010": "brake"
 }},
 "10101": {"guess": "fetal", "map": {
  "01210": "matey",
  "22222": "fetal"
 }},
 "11002": "graft",
 "11110": "began"
}};
