// WAI-ARIA APG carousel (auto-rotating, with buttons and a slide picker).
// - The rotation button comes first in the tab order; previous/next and the picker
//   change the slide without moving focus.
// - Rotation pauses while the pointer is over the carousel and stops when keyboard focus
//   enters it, until the visitor starts it again; none at all under reduced motion.
// - The container is a group, not a region (APG allows either): the carousels sit in
//   sections named by the same heading, and two landmarks of one name confuse (axe
//   landmark-unique).
// - aria-live is "off" while rotating, "polite" otherwise; slides are groups "N of M";
//   slides out of view are inert. Touch swipe moves one step.
import { useEffect, useRef, useState } from "react";
import { format, useItemsPerStep, useMediaQuery } from "./hooks.js";

const SWIPE_PX = 40;

export function Carousel({ slides, label, labels, autoRotate = false, interval = 5000, itemsPerStep = 1 }) {
  const perStep = Math.min(useItemsPerStep(itemsPerStep), slides.length);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)");
  const [step, setStep] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const touchX = useRef(null);
  const regionRef = useRef(null);

  const steps = Math.max(1, Math.ceil(slides.length / perStep));
  const current = Math.min(step, steps - 1);
  const canRotate = autoRotate && !reducedMotion && steps > 1;
  const rotating = canRotate && !stopped && !hovered;
  const go = (next) => setStep((next + steps) % steps);

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
  };
  const onTouchEnd = (event) => {
    if (touchX.current === null) return;
    const dx = event.changedTouches[0].clientX - touchX.current;
    touchX.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(current + (dx < 0 ? 1 : -1));
  };

  const first = Math.min(current * perStep, slides.length - perStep);
  const state = !canRotate ? "off" : stopped ? "stopped" : hovered ? "paused" : "running";
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
    >
      <div className="c-carousel__controls">
        {canRotate && (
          <button type="button" className="c-carousel__button c-carousel__rotation" onClick={() => setStopped((s) => !s)}>
            {stopped ? labels.start : labels.stop}
          </button>
        )}
        <button type="button" className="c-carousel__button" onClick={() => go(current - 1)}>
          <span aria-hidden="true">‹</span> {labels.previous}
        </button>
        <button type="button" className="c-carousel__button" onClick={() => go(current + 1)}>
          {labels.next} <span aria-hidden="true">›</span>
        </button>
      </div>
      <div
        className="c-carousel__viewport"
        aria-live={rotating ? "off" : "polite"}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div className="c-carousel__track" style={{ "--carousel-offset": first }}>
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
                dangerouslySetInnerHTML={{ __html: slide.html }}
              />
            );
          })}
        </div>
      </div>
      {steps > 1 && (
        <div className="c-carousel__picker" role="group" aria-label={labels.picker}>
          {Array.from({ length: steps }, (_, i) => (
            <button
              key={i}
              type="button"
              className="c-carousel__dot"
              aria-label={format(labels.pick, { n: i + 1, total: steps })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
