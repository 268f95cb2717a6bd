// Vite (the build and vitest) imports a file's text with `?raw`.
declare module '*.css?raw' {
  const text: string;
  export default text;
}
