// The header navigation on phones: below the header's breakpoint (48 rem) the list opens
// as a full-width sheet under the header, over a backdrop, from the menu button (a
// disclosure: aria-expanded). While it is open, Tab and Shift+Tab go round the button and
// the sheet's links only; Escape, a click on the backdrop, a followed link or a wider
// window close it, and Escape returns focus to the button. From 48 rem up the button is
// hidden by CSS and the list shows as without script. Plain DOM, no React: the header is on
// every page and must stay in the tiny budget.

// The server renders the button (after the language switch: templates/components/nav_menu,
// nav_toggle), its aria-controls and the list's id, so the header has its final layout
// from the first paint; the widget makes the button work. The sheet's look: data-open on
// the <nav> (nav_menu.css).
const WIDE = "(min-width: 48rem)";

export function mount(nav) {
  const list = nav.querySelector(".c-nav__list");
  const button = list && document.querySelector(`.c-nav__toggle[aria-controls="${list.id}"]`);
  if (!list || !button) return undefined;
  const wide = window.matchMedia(WIDE);

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const stops = () => [button, ...list.querySelectorAll("a[href]")];

  const onKeydown = (event) => {
    if (event.key === "Escape") {
      setOpen(false);
      button.focus();
    } else if (event.key === "Tab") {
      // Focus stays in the open menu: round the button and the links, in the order seen.
      const all = stops();
      const at = all.indexOf(document.activeElement);
      const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + all.length) % all.length;
      event.preventDefault();
      all[next].focus();
    }
  };
  const onWide = () => {
    if (wide.matches) setOpen(false);
  };
  function setOpen(open) {
    if (open === isOpen()) return;
    button.setAttribute("aria-expanded", String(open));
    nav.toggleAttribute("data-open", open);
    if (open) {
      document.addEventListener("keydown", onKeydown);
      wide.addEventListener("change", onWide);
    } else {
      document.removeEventListener("keydown", onKeydown);
      wide.removeEventListener("change", onWide);
    }
  }

  const onToggle = () => setOpen(!isOpen());
  // A link followed (script navigation keeps the header) or the backdrop (the <nav>'s
  // ::before, so the click's target is the <nav> itself) closes the sheet.
  const onClick = (event) => {
    if (event.target === nav) {
      setOpen(false);
      button.focus();
    } else if (event.target instanceof Element && event.target.closest("a")) {
      setOpen(false);
    }
  };
  // Focus taken elsewhere by a pointer (the brand, the language link) closes it too.
  const onFocusOut = (event) => {
    const to = event.relatedTarget;
    if (isOpen() && to && to !== button && !nav.contains(to)) setOpen(false);
  };
  button.addEventListener("click", onToggle);
  nav.addEventListener("click", onClick);
  nav.addEventListener("focusout", onFocusOut);
  button.addEventListener("focusout", onFocusOut);
  return () => {
    setOpen(false);
    button.removeEventListener("click", onToggle);
    nav.removeEventListener("click", onClick);
    nav.removeEventListener("focusout", onFocusOut);
    button.removeEventListener("focusout", onFocusOut);
  };
}
