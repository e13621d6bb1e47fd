// The header navigation on phones: below the header's breakpoint (48 rem) the list
// folds behind a disclosure button (aria-expanded, Escape closes and returns focus to the
// button). From 48 rem up the button is hidden by CSS and the list shows as without script.
// Plain DOM, no React: the header is on every page and must stay in the tiny budget.

// The server renders the button, its aria-controls and the list's id
// (templates/components/nav_menu), so the header has its final layout from the first paint;
// the widget makes the button work.
export function mount(nav) {
  const list = nav.querySelector(".c-nav__list");
  const button = nav.querySelector(".c-nav__toggle");
  if (!list || !button) return undefined;
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
    nav.removeEventListener("keydown", onKeydown);
    list.removeEventListener("click", onClick);
    nav.removeEventListener("focusout", onFocusOut);
  };
}
