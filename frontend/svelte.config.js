// Svelte compiles TypeScript in components itself; no preprocessing needed.
export default {};
