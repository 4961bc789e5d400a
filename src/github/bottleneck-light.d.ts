// bottleneck ships types for its main entry only; its light build (the one both octokit plugins
// load, so the bundle carries one copy) has the same API minus Redis clustering.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
