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
/** Share: a link (two chain rings). */
export const ShareIcon = () => (
  <svg {...P} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <path d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.6 2.6 0 0 1 3.7 3.7L10.7 8.2M9 11.5l-1.2 1.2a2.6 2.6 0 0 1-3.7-3.7L5.3 7.8" />
  </svg>
);
/** Export: an arrow down into a tray. */
export const ExportIcon = () => (
  <svg {...P} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <path d="M8 2v8M4.8 7L8 10.2 11.2 7M2.5 11.5v2h11v-2" />
  </svg>
);
/** Import: an arrow up out of a tray. */
export const ImportIcon = () => (
  <svg {...P} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
    <path d="M8 10.5v-8M4.8 5.5L8 2.3l3.2 3.2M2.5 11.5v2h11v-2" />
  </svg>
);
