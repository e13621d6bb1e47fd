import { useEffect, useState } from "react";

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

// itemsPerStep: {"0": 1, "41rem": 2, "65rem": 4} → the value of the widest matching
// min-width; a plain number applies at every width.
export function useItemsPerStep(itemsPerStep) {
  const entries =
    typeof itemsPerStep === "number" ? [["0", itemsPerStep]] : Object.entries(itemsPerStep || { 0: 1 });
  const query = (width) => (width === "0" ? "all" : `(min-width: ${width})`);
  const matches = entries.map(([width]) => useMediaQuery(query(width))); // fixed order per node
  let value = 1;
  entries.forEach(([, count], i) => {
    if (matches[i]) value = count;
  });
  return Math.max(1, value);
}

export const format = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
