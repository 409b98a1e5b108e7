// Small inline icons for the time controls: fonts on a projector PC or a minimal Linux often lack
// the media-control characters (U+23F5...), so they are drawn, not typed.

const P = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, fill: 'currentColor' } as const;

export const PlayIcon = () => (
  <svg {...P}>
    <path d="M4 2.5v11l9-5.5z" />
  </svg>
);
export const PauseIcon = () => (
  <svg {...P}>
    <path d="M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z" />
  </svg>
);
/** One message: a play triangle against a bar. */
export const StepIcon = () => (
  <svg {...P}>
    <path d="M3 2.5v11l7-5.5zM11 2.5h2.5v11H11z" />
  </svg>
);
/** To the next phase: two triangles against a bar. */
export const StepPhaseIcon = () => (
  <svg {...P}>
    <path d="M1.5 3v10l5.5-5zM7 3v10l5.5-5zM12.5 3H14.5v10h-2z" />
  </svg>
);
/** Skip the idle time: an arrow over a gap. */
export const SkipIcon = () => (
  <svg {...P} fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d="M2 8h9M8 4.5L11.5 8 8 11.5M14 3v10" />
  </svg>
);
export const ResetIcon = () => (
  <svg {...P} fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d="M3.5 8a4.5 4.5 0 1 0 1.4-3.3M3.5 2.5v3h3" />
  </svg>
);
