// Mounts the APG carousel on a server-rendered list. The slides' markup is taken from the
// server's own list (one source for the no-JS list and the widget); the widget replaces
// the list with the carousel and puts it back when unmounted. The server's stand-in
// controls keep the carousel's place until then (components/carousel/carousel.css).
import { startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { Carousel } from "./Carousel.jsx";
import { onWindowResize, readShape } from "./hooks.js";

// Runs `onCommit` once React has put the carousel's DOM in place, in the same task, before
// the browser paints.
function Committed({ onCommit, children }) {
  useLayoutEffect(onCommit, [onCommit]);
  return children;
}

// Resolves to the cleanup once the carousel is on the page, or, where carousel.css sets
// `--carousel-mode: grid` at the window's width, once the widget has left the server's list
// as it is there (every item fits: no carousel to name or tab through). A resize that
// changes that mounts or unmounts the carousel.
export function mount(node, props) {
  let current = Promise.resolve(null); // the cleanup of the carousel on the page, if any
  // One change at a time, in order: a quick resize back and forth ends in the right state.
  const update = () => {
    current = current.then((cleanup) => {
      if (readShape(node).carousel) return cleanup ?? mountCarousel(node, props) ?? null;
      cleanup?.();
      return null;
    });
    return current;
  };
  const onChange = () => update().catch((error) => console.warn("Carousel did not mount", error));
  return update().then(() => {
    const stopWatching = onWindowResize(onChange);
    return () => {
      stopWatching();
      current.then((cleanup) => cleanup?.());
    };
  });
}

// Resolves to the cleanup once the carousel is on the page. React renders it as a
// transition, in slices of a few milliseconds, into a detached element: no long task
// while the page loads, and the server's list stays until the commit. Then the list and
// the stand-ins leave in the commit's own task, so no frame shows neither or both.
function mountCarousel(node, props) {
  const list = node.querySelector(".c-carousel__list");
  if (!list) return undefined;
  const slides = Array.from(list.children, (item) => ({
    className: item.className,
    html: item.innerHTML,
    name: item.dataset.name,
  }));
  const standIns = Array.from(node.querySelectorAll(":scope > .c-carousel__stand-in"));
  const places = standIns.map((el) => [el, el.previousSibling]); // to put them back
  const host = document.createElement("div");
  host.className = "c-carousel__mount";
  return new Promise((resolve, reject) => {
    const root = createRoot(host, { onUncaughtError: reject });
    const cleanup = () => {
      root.unmount();
      host.replaceWith(list);
      for (const [el, after] of places) (after ? after.after(el) : node.prepend(el));
    };
    const onCommit = () => {
      list.replaceWith(host);
      standIns.forEach((el) => el.remove());
      resolve(cleanup);
    };
    startTransition(() =>
      root.render(
        <Committed onCommit={onCommit}>
          <Carousel node={node} slides={slides} {...props} />
        </Committed>,
      ),
    );
  });
}
