import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "test-results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Layer boundaries (ARCHITECTURE.md): common/ stands alone; app/ and server/ build on it.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./common",
              from: ["./app", "./server"],
              message:
                "common/ is shared by browser and server: it imports neither app/ nor server/.",
            },
            {
              target: "./server",
              from: "./app",
              message: "The server does not import the React app.",
            },
          ],
        },
      ],
    },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
      "import-x/ignore": ["node_modules"],
      "import-x/external-module-folders": ["node_modules"],
    },
  },
  {
    // Browser code reaches the server only through `.server.ts` modules (stripped from the
    // client bundle by React Router) or type-only imports.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+server/(?!.*\\.server\\.ts$)",
              allowTypeImports: true,
              message: "Import server code only from *.server.ts modules (or as types).",
            },
          ],
        },
      ],
    },
  },
);
