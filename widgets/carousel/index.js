// Mounts the APG carousel on a server-rendered list. The slides' markup is taken from the
// server's own list (one source for the no-JS list and the widget); the widget replaces
// the list with the carousel and puts it back when unmounted. The server's stand-in
// controls keep the carousel's place until then (components/carousel/carousel.css).
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { Carousel } from "./Carousel.jsx";

export function mount(node, props) {
  const list = node.querySelector(".c-carousel__list");
  if (!list) return undefined;
  const slides = Array.from(list.children, (item) => ({
    className: item.className,
    html: item.innerHTML,
  }));
  const standIns = Array.from(node.querySelectorAll(":scope > .c-carousel__stand-in"));
  const places = standIns.map((el) => [el, el.previousSibling]); // to put them back
  const host = document.createElement("div");
  host.className = "c-carousel__mount";
  list.replaceWith(host);
  const root = createRoot(host);
  // Rendered before this task ends, so no frame shows the list gone and the carousel not
  // yet there; the stand-ins leave in the same task.
  flushSync(() => root.render(<Carousel slides={slides} {...props} />));
  standIns.forEach((el) => el.remove());
  return () => {
    root.unmount();
    host.replaceWith(list);
    for (const [el, after] of places) (after ? after.after(el) : node.prepend(el));
  };
}
