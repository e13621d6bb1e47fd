// The header navigation on phones: below the first layout breakpoint (41 rem) the list
// folds behind a disclosure button (aria-expanded, Escape closes and returns focus to the
// button). From 41 rem up the button is hidden by CSS and the list shows as without script.
// Plain DOM, no React: the header is on every page and must stay in the tiny budget.

let counter = 0;

export function mount(nav, props) {
  const list = nav.querySelector(".c-nav__list");
  if (!list) return undefined;
  if (!list.id) list.id = `nav-menu-list-${++counter}`;
  // The server renders the button (templates/components/nav_menu), so the header has its
  // final layout from the first paint; an older page without it gets one made here.
  let button = nav.querySelector(".c-nav__toggle");
  const made = !button;
  if (made) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "c-nav__toggle";
    const icon = document.createElement("span");
    icon.className = "c-nav__toggle-icon";
    icon.setAttribute("aria-hidden", "true");
    const text = document.createElement("span");
    text.className = "c-nav__toggle-text u-visually-hidden";
    text.textContent = props.label;
    button.append(icon, text);
    list.before(button);
  }
  button.setAttribute("aria-controls", list.id);
  button.setAttribute("aria-expanded", "false");

  const setOpen = (open) => button.setAttribute("aria-expanded", String(open));
  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const onToggle = () => setOpen(!isOpen());
  const onKeydown = (event) => {
    if (event.key !== "Escape" || !isOpen()) return;
    setOpen(false);
    button.focus();
  };
  // A link followed inside the page (script navigation) closes the menu too.
  const onClick = (event) => {
    if (event.target instanceof Element && event.target.closest("a")) setOpen(false);
  };
  const onFocusOut = (event) => {
    if (isOpen() && event.relatedTarget && !nav.contains(event.relatedTarget)) setOpen(false);
  };
  button.addEventListener("click", onToggle);
  nav.addEventListener("keydown", onKeydown);
  list.addEventListener("click", onClick);
  nav.addEventListener("focusout", onFocusOut);
  return () => {
    button.removeEventListener("click", onToggle);
    if (made) button.remove();
    nav.removeEventListener("keydown", onKeydown);
    list.removeEventListener("click", onClick);
    nav.removeEventListener("focusout", onFocusOut);
  };
}
