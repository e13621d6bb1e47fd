// ESLint (flat config) for the browser code: the widgets, their build script and the njs
// module; `make lint` runs it beside ruff. The React hooks rules keep hooks at a
// component's top level, in the same order on every render.
import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default [
  { ignores: ["node_modules/", "site/motorlab/static/build/", "build/", ".venv/", "tests/"] },
  js.configs.recommended,
  {
    files: ["widgets/**/*.{js,jsx}"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: globals.browser,
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    files: ["widgets/build.mjs", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
  {
    // njs (nginx's JavaScript): ES5 style, `export default` of the handlers at the end.
    files: ["deploy/**/*.js"],
    languageOptions: { sourceType: "module", globals: { ngx: "readonly" } },
  },
];
