// WAI-ARIA APG carousel (auto-rotating, with buttons and a slide picker).
// - The controls follow the slides, in one row of icon buttons named by their text (hidden
//   visually): rotation (pause/play, showing what it does), previous, the picker, next.
//   Previous/next and the picker change the slide without moving focus. Where every slide
//   has a name (the projects), the picker's buttons show the names of their step's slides,
//   the shown one marked: how many there are and which one shows, at a glance. When one step
//   shows every slide there are no controls at all (nothing to tab to that does nothing).
// - Rotation pauses while a mouse is over the carousel and stops when keyboard focus enters
//   it, a finger touches it (tap or swipe) or a control is used, until the visitor starts
//   it again with the rotation button; none at all under reduced motion. Keyboard focus
//   reaches a slide's content before the controls, and it stops the rotation first.
// - The container is a group, not a region (APG allows either): the carousels sit in
//   sections named by the same heading, and two landmarks of one name confuse (axe
//   landmark-unique).
// - aria-live is "off" while rotating, "polite" otherwise; slides are groups "N of M";
//   slides out of view are inert, the one a peek shows at the edge included (marked
//   data-peek, so its stylesheet keeps it visible: the next one, or at the last step the
//   previous one). Touch swipe moves one step; the swipe area takes only
//   vertical panning from the browser (touch-action: pan-y), so a horizontal swipe is the
//   carousel's and never the browser's back gesture.
import { useEffect, useMemo, useRef, useState } from "react";
import { format, useMediaQuery, usePerStep } from "./hooks.js";

const SWIPE_PX = 40;

// 20 px icons drawn in currentColor; the button's hidden text is its name.
const PATHS = {
  pause: "M6 4h3v12H6zM11 4h3v12h-3z",
  play: "M6 4l10 6-10 6z",
  previous: "M12.5 4.5L7 10l5.5 5.5",
  next: "M7.5 4.5L13 10l-5.5 5.5",
};
function Icon({ shape }) {
  const stroke = shape === "previous" || shape === "next";
  return (
    <svg className="c-carousel__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={PATHS[shape]}
        fill={stroke ? "none" : "currentColor"}
        stroke={stroke ? "currentColor" : "none"}
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

// `node`: the widget's node, whose stylesheet sets the slides per step (hooks.js, readShape).
export function Carousel({ node, slides, label, labels, autoRotate = false, interval }) {
  const perStep = Math.min(usePerStep(node), slides.length);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [step, setStep] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const touchX = useRef(null);
  const regionRef = useRef(null);
  // One {__html} object per slide for the carousel's life. React 19 sets innerHTML again
  // whenever this prop is a new object, even with the same text: every render (the first
  // touch or keyboard focus stops rotation, which renders) would put new nodes in every
  // slide, taking the finger's touch sequence (its target is gone: no touchmove, no swipe)
  // and the keyboard focus (it falls to <body>) with the old ones.
  const contents = useMemo(() => slides.map((slide) => ({ __html: slide.html })), [slides]);

  const steps = Math.max(1, Math.ceil(slides.length / perStep));
  const current = Math.min(step, steps - 1);
  const canRotate = autoRotate && !reducedMotion && steps > 1;
  const rotating = canRotate && !stopped && !hovered;
  const go = (next) => setStep((next + steps) % steps);
  // A control used by the visitor: they have taken over, rotation stops.
  const goBy = (next) => {
    setStopped(true);
    go(next);
  };

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = setInterval(() => setStep((s) => (Math.min(s, steps - 1) + 1) % steps), interval);
    return () => clearInterval(timer);
  }, [rotating, interval, steps]);

  // Keyboard focus arriving from outside stops rotation; a mouse click does not.
  const onFocus = (event) => {
    const from = event.relatedTarget;
    if (from && regionRef.current.contains(from)) return;
    if (event.target.matches(":focus-visible")) setStopped(true);
  };
  const onTouchStart = (event) => {
    touchX.current = event.touches[0].clientX;
    setStopped(true);
  };
  // A finger on a control stops rotation before its click (the rotation button's own click
  // then toggles it, so it is left out).
  const onPointerDown = (event) => {
    if (event.pointerType === "mouse") return;
    if (event.target instanceof Element && event.target.closest(".c-carousel__rotation")) return;
    setStopped(true);
  };
  const onTouchEnd = (event) => {
    if (touchX.current === null) return;
    const dx = event.changedTouches[0].clientX - touchX.current;
    touchX.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(current + (dx < 0 ? 1 : -1));
  };

  const first = Math.min(current * perStep, slides.length - perStep);
  // At the last step the row ends at the viewport's edge (carousel.css: --carousel-end).
  const atEnd = steps > 1 && first + perStep >= slides.length;
  const peek = atEnd ? first - 1 : first + perStep;
  const state = !canRotate ? "off" : stopped ? "stopped" : hovered ? "paused" : "running";
  const named = slides.every((slide) => slide.name);
  // The names of the slides step `i` shows (the last step ends at the last slide).
  const stepName = (i) => {
    const start = Math.min(i * perStep, slides.length - perStep);
    return slides
      .slice(start, start + perStep)
      .map((slide) => slide.name)
      .join(" · ");
  };
  return (
    <div
      ref={regionRef}
      className="c-carousel__region"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-rotation={state}
      style={{ "--carousel-per-step": perStep }}
      onFocus={onFocus}
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onPointerDown={onPointerDown}
    >
      <div
        className="c-carousel__viewport"
        aria-live={rotating ? "off" : "polite"}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div className="c-carousel__track" style={{ "--carousel-offset": first, "--carousel-end": atEnd ? 1 : 0 }}>
          {slides.map((slide, i) => {
            const visible = i >= first && i < first + perStep;
            return (
              <div
                key={i}
                className={slide.className}
                role="group"
                aria-roledescription="slide"
                aria-label={format(labels.slide, { n: i + 1, total: slides.length })}
                inert={!visible}
                data-peek={i === peek ? "" : undefined}
                dangerouslySetInnerHTML={contents[i]}
              />
            );
          })}
        </div>
      </div>
      {steps > 1 && (
        <div className="c-carousel__controls">
          {canRotate && (
            <button
              type="button"
              className="c-carousel__button c-carousel__rotation"
              onClick={() => setStopped((s) => !s)}
            >
              <Icon shape={stopped ? "play" : "pause"} />
              <span className="u-visually-hidden">{stopped ? labels.start : labels.stop}</span>
            </button>
          )}
          <button type="button" className="c-carousel__button c-carousel__previous" onClick={() => goBy(current - 1)}>
            <Icon shape="previous" />
            <span className="u-visually-hidden">{labels.previous}</span>
          </button>
          <div className="c-carousel__picker" role="group" aria-label={labels.picker}>
            {Array.from({ length: steps }, (_, i) => (
              <button
                key={i}
                type="button"
                className={named ? "c-carousel__dot c-carousel__dot--named" : "c-carousel__dot"}
                aria-label={named ? undefined : format(labels.pick, { n: i + 1, total: steps })}
                aria-current={i === current ? "true" : undefined}
                onClick={() => goBy(i)}
              >
                {named ? stepName(i) : null}
              </button>
            ))}
          </div>
          <button type="button" className="c-carousel__button c-carousel__next" onClick={() => goBy(current + 1)}>
            <Icon shape="next" />
            <span className="u-visually-hidden">{labels.next}</span>
          </button>
        </div>
      )}
    </div>
  );
}
