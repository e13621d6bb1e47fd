// The only entry point esbuild bundles. Each server-rendered node marked
// data-widget="<name>" is enhanced by the widget of that name, whose code is imported
// only when such a node is on the page. A failing widget leaves the server markup as is.

const registry = {
  // "logo-carousel": () => import("./logo-carousel/index.js"),
};

function readProps(node) {
  const script = node.querySelector(':scope > script[type="application/json"]');
  if (!script) return {};
  try {
    return JSON.parse(script.textContent);
  } catch {
    return {};
  }
}

export async function mountAll(root = document) {
  const nodes = root.querySelectorAll("[data-widget]:not([data-mounted])");
  await Promise.all(
    Array.from(nodes, async (node) => {
      const load = registry[node.dataset.widget];
      if (!load) return;
      node.dataset.mounted = "pending";
      try {
        const widget = await load();
        widget.mount(node, readProps(node));
        node.dataset.mounted = "true";
      } catch (error) {
        node.dataset.mounted = "failed";
        console.warn(`Widget "${node.dataset.widget}" did not mount`, error);
      }
    }),
  );
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => mountAll());
} else {
  mountAll();
}
