// Analytics consent, decided in the browser. The server renders the same hidden nodes for
// every visitor (templates/components/consent_banner): the banner on every page, and the
// privacy page's block (props.mode "choice"). This module reads the choice kept, shows the
// banner while there is none, keeps the choice the visitor makes, and loads gtag after
// "accept" and on every later page while the choice says so; "decline" loads nothing.
// The choice is kept in the page's own storage (localStorage), which no other origin can
// write: a cookie can be set for the whole domain by a sibling host (decisions/0022). The
// names, the lifetime, the two choices, the script and the ID come from the server's props
// (motorlab.rendering.analytics); the CSP names the analytics origins on every page.
import { showToast, toastRegion } from "../toast/index.js";

const views = new Set(); // every mounted node's update(choice): a choice shows in all of them
let analyticsLoaded = false;

// Any "denied" wins: the one kept here, or the cookie earlier releases wrote (from this host
// or any other: a denial is safe whoever made it). Only the page's storage can grant.
function storedChoice(props) {
  const kept = keptChoice(props);
  if (kept === props.denied || oldCookies(props).includes(props.denied)) return props.denied;
  return kept === props.granted ? props.granted : "";
}

function keptChoice(props) {
  try {
    const entry = JSON.parse(localStorage.getItem(props.key));
    const known = entry?.choice === props.granted || entry?.choice === props.denied;
    return known && Date.now() < entry.until ? entry.choice : "";
  } catch {
    return ""; // no storage, or a value not ours: no choice
  }
}

// Every value of the old cookie: document.cookie lists one per path and domain that set it.
function oldCookies(props) {
  const prefix = `${props.cookie}=`;
  return document.cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.startsWith(prefix))
    .map((part) => part.slice(prefix.length));
}

function store(props, choice) {
  try {
    const until = Date.now() + props.maxAge * 1000;
    localStorage.setItem(props.key, JSON.stringify({ choice, until }));
  } catch {
    // No storage: the choice holds on this page only.
  }
  // This host's old cookie goes, so a "denied" it kept cannot outvote this choice.
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${props.cookie}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
}

// gtag.js and its setup (what Google's snippet does inline, which the CSP would refuse).
// Once per document: the navigation keeps <head> from page to page.
function loadAnalytics(props) {
  window[`ga-disable-${props.id}`] = false; // accepted again after a decline on this page
  if (analyticsLoaded) return;
  analyticsLoaded = true;
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    window.dataLayer.push(arguments); // gtag.js reads Arguments objects, not arrays
  };
  window.gtag("js", new Date());
  window.gtag("config", props.id);
  const script = document.createElement("script");
  script.async = true;
  script.src = props.script + encodeURIComponent(props.id);
  document.head.append(script);
}

// Google's switch for a page where gtag already runs: it sends nothing more.
function stopAnalytics(props) {
  if (analyticsLoaded) window[`ga-disable-${props.id}`] = true;
}

// The banner: a bottom sheet while no choice is stored. The root gets its height, so the
// page's end and a focused element can scroll clear of it (consent_banner.css).
function bannerView(node) {
  const root = document.documentElement;
  const resize = new ResizeObserver(() => {
    root.style.setProperty("--consent-sheet-size", `${node.offsetHeight}px`);
  });
  const show = (shown) => {
    node.hidden = !shown;
    root.classList.toggle("has-consent-sheet", shown);
    if (shown) resize.observe(node);
    else resize.disconnect();
  };
  return {
    update: (choice) => {
      const hadFocus = node.contains(document.activeElement);
      show(!choice);
      if (choice && hadFocus) document.getElementById("main")?.focus({ preventScroll: true });
    },
    remove: () => show(false),
  };
}

// The privacy page's block: the choice stored, and the buttons to change it.
function choiceView(node, props) {
  const now = node.querySelector(".c-consent-choice__now");
  const said = { [props.granted]: props.labels.nowGranted, [props.denied]: props.labels.nowDenied };
  return {
    update: (choice) => {
      now.textContent = said[choice] || props.labels.none;
      for (const button of node.querySelectorAll("button[value]")) {
        button.setAttribute("aria-pressed", String(button.value === choice));
      }
      node.hidden = false;
    },
    remove: () => {},
  };
}

export function mount(node, props) {
  toastRegion(); // the live region exists before its message
  const choice = storedChoice(props);
  if (choice === props.granted) loadAnalytics(props);
  const view = props.mode === "choice" ? choiceView(node, props) : bannerView(node);
  views.add(view);
  view.update(choice);

  const onClick = (event) => {
    const button = event.target.closest("button[value]");
    if (!button) return;
    const picked = button.value === props.granted ? props.granted : props.denied;
    store(props, picked);
    // What now holds (no storage: the pick, on this page): a "denied" that another host
    // keeps in a cookie outvotes an "accept".
    const chosen = storedChoice(props) || picked;
    if (chosen === props.granted) loadAnalytics(props);
    else stopAnalytics(props);
    for (const each of views) each.update(chosen);
    showToast(props.labels[chosen], { closeLabel: props.labels.close });
  };
  node.addEventListener("click", onClick);
  return () => {
    node.removeEventListener("click", onClick);
    views.delete(view);
    view.remove();
  };
}
