/** Modules made by vite-plugins/inline-script-plugin.ts: a bundled classic script as text. */
declare module "virtual:inline-script/*" {
  const code: string;
  export default code;
}
