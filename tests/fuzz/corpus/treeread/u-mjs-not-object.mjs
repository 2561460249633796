export default ["clamp"];
