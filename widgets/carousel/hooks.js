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
function breakpoints(itemsPerStep) {
  const entries =
    typeof itemsPerStep === "number" ? [["0", itemsPerStep]] : Object.entries(itemsPerStep || { 0: 1 });
  return entries.map(([width, count]) => [width === "0" ? "all" : `(min-width: ${width})`, count]);
}

function countAt(queries) {
  let value = 1;
  for (const [query, count] of queries) {
    if (window.matchMedia(query).matches) value = count;
  }
  return Math.max(1, value);
}

// One state and one effect however many widths there are (hooks never run in a loop): the
// effect listens to every width's media query and recounts on any change.
export function useItemsPerStep(itemsPerStep) {
  const key = JSON.stringify(breakpoints(itemsPerStep));
  const [value, setValue] = useState(() => countAt(JSON.parse(key)));
  useEffect(() => {
    const queries = JSON.parse(key);
    const lists = queries.map(([query]) => window.matchMedia(query));
    const update = () => setValue(countAt(queries));
    update();
    lists.forEach((list) => list.addEventListener("change", update));
    return () => lists.forEach((list) => list.removeEventListener("change", update));
  }, [key]);
  return value;
}

export const format = (template, values) =>
  template.replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
