/** A birthday cake, drawn (an emoji needs a font with it, which not every device has); decorative. */
export function CakeIcon() {
  return (
    <svg className="cake-icon" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M12 2c1.1 1.2 1.6 2.2 1.6 3a1.6 1.6 0 0 1-3.2 0c0-.8.5-1.8 1.6-3zm-1 6h2v3h6a2 2 0 0 1 2 2v2.5c-1 .8-2 .8-3 0-1 .8-2 .8-3 0-1 .8-2 .8-3 0-1 .8-2 .8-3 0-1 .8-2 .8-3 0V13a2 2 0 0 1 2-2h5V8zM3 17.7c1.3.6 2.7.6 4-.1 1.3.7 2.7.7 4 0 1.3.7 2.7.7 4 0 1.3.7 2.7.7 4 .1 .3 0 .7-.1 1-.2V22H3z" />
    </svg>
  );
}
