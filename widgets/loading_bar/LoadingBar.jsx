import { useSyncExternalStore } from "react";

// The bar itself: hidden from assistive tech (aria-busy on <body> and the title announcement
// tell screen readers what happens). State and progress come from the controller's store.
export function LoadingBar({ store }) {
  const { state, progress } = useSyncExternalStore(store.subscribe, store.get);
  return (
    <div
      className="c-loading-bar"
      aria-hidden="true"
      data-state={state}
      style={{ "--loading-progress": progress / 100 }}
    />
  );
}
