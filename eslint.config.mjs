import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "dist-plugin/**",
      "node_modules/**",
      "coverage/**",
      ".pulumi*/**",
      "test/.generated-*/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The provider's core is what every kind shares: it imports no kind, no instance family file, and
    // not the registry that lists them (docs/ARCHITECTURE.md, Provider).
    files: ["src/provider/core/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "(^|/)(kinds|instance)(/|$)|(^|/)provider/(specs|spec-loaders|kind-registry|runtime)$|^\\.\\./(specs|spec-loaders|kind-registry|runtime)$",
              message:
                "core/ is what every kind shares: it imports no kind, no instance family file and not the registry",
            },
          ],
        },
      ],
    },
  },
  {
    // The resource plugin is an adapter of the core: it reaches src/provider through one module
    // (docs/ARCHITECTURE.md, Two ways to serve the core).
    files: ["src/plugin/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./provider/(?!core-interface$)",
              message: "the plugin reaches the provider's core through src/provider/core-interface.ts only",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } },
  },
);
