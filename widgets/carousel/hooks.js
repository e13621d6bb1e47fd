import { useEffect, useState, useSyncExternalStore } from "react";

export function useMediaQuery(query) {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}

// The carousel's shape at the window's width, as carousel.css sets it on the widget's node:
// whether it is a carousel there at all (`--carousel-mode: grid` says no) and how many
// slides a step shows (`--carousel-per-step`, 1 when unset). The stylesheet is the one
// place both are written.
export function readShape(node) {
  const style = getComputedStyle(node);
  return {
    carousel: style.getPropertyValue("--carousel-mode").trim() !== "grid",
    perStep: Math.max(1, parseInt(style.getPropertyValue("--carousel-per-step"), 10) || 1),
  };
}

// Calls `onResize` whenever the window's size changes (a media query may then set another
// shape); returns the unsubscribe.
export function onWindowResize(onResize) {
  window.addEventListener("resize", onResize);
  return () => window.removeEventListener("resize", onResize);
}

// Slides per step on `node`, read again after every resize (a number: no render when it
// stays the same).
export function usePerStep(node) {
  return useSyncExternalStore(onWindowResize, () => readShape(node).perStep);
}

export const format = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
