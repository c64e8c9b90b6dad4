// Prism's core alone (no default languages) is the same API as the package's main module,
// which @types/prismjs describes.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
