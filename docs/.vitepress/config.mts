// The documentation site: `npm run docs:build` (static files in docs/.vitepress/dist), `npm run docs:dev`.
// VitePress fails the build on a link to a page that does not exist; scripts/check-doc-links.mjs checks
// the rest (anchors, the README, links into the source tree, which the site leaves to the repository).
import { defineConfig } from "vitepress";

export default defineConfig({
  title: "Parley",
  description: "A self-hostable chat-flow builder and chat runtime",
  // Pages link to files of the repository outside docs/ (the Dockerfile, sources), which the link checker
  // covers, and to the local server a reader has just started.
  ignoreDeadLinks: [/^(\.\/)?\.\.\//, /^https?:\/\/localhost[:/]/],
  srcExclude: ["examples/**"],
  lastUpdated: false,
  // Pages write Parley's own `{{variable}}` syntax in prose: Vue must not read it as an interpolation.
  vue: { template: { compilerOptions: { delimiters: ["{%vue%", "%vue%}"] } } },
  themeConfig: {
    search: { provider: "local" },
    nav: [
      { text: "Getting started", link: "/getting-started" },
      { text: "Blocks", link: "/block-reference" },
      { text: "API", link: "/api" },
      { text: "Configuration", link: "/configuration" },
    ],
    sidebar: [
      {
        text: "Running Parley",
        items: [
          { text: "Getting started", link: "/getting-started" },
          { text: "Configuration", link: "/configuration" },
          { text: "Operations", link: "/operations" },
          { text: "Security", link: "/security" },
          { text: "Where bot code runs", link: "/sandbox" },
          { text: "Performance", link: "/performance" },
        ],
      },
      {
        text: "Building bots",
        items: [
          { text: "The builder", link: "/builder" },
          { text: "Blocks", link: "/blocks" },
          { text: "Block reference", link: "/block-reference" },
          { text: "How a chat runs", link: "/chat-runtime" },
          { text: "Languages", link: "/languages" },
          { text: "The Transcript variable", link: "/transcript" },
          { text: "Testing bots", link: "/testing-bots" },
          { text: "Knowledge documents", link: "/knowledge-documents" },
        ],
      },
      {
        text: "Connecting it",
        items: [
          { text: "Channels", link: "/channels" },
          { text: "The API", link: "/api" },
          { text: "Error codes", link: "/errors" },
          { text: "Webhooks and the outbox", link: "/webhooks-and-outbox" },
          { text: "Moving from Typebot", link: "/moving-from-typebot" },
        ],
      },
      {
        text: "Working on Parley",
        items: [
          { text: "Development", link: "/development" },
          { text: "Adding a block", link: "/adding-a-block" },
        ],
      },
    ],
  },
});
