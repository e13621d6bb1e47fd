// Mounts the APG carousel on a server-rendered list. The slides' markup is taken from the
// server's own list (one source for the no-JS list and the widget); the widget replaces
// the list with the carousel and puts it back when unmounted.
import { createRoot } from "react-dom/client";
import { Carousel } from "./Carousel.jsx";

export function mount(node, props) {
  const list = node.querySelector(".c-carousel__list");
  if (!list) return undefined;
  const slides = Array.from(list.children, (item) => ({
    className: item.className,
    html: item.innerHTML,
  }));
  const host = document.createElement("div");
  host.className = "c-carousel__mount";
  list.replaceWith(host);
  const root = createRoot(host);
  root.render(<Carousel slides={slides} {...props} />);
  return () => {
    root.unmount();
    host.replaceWith(list);
  };
}
