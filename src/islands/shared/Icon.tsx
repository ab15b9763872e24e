import { iconPaint, type IconData } from '../../lib/icons/icon-data.ts';

/** One of the site's line icons (src/lib/icons/), decorative: the control around it carries the name. */
export function Icon({
  icon,
  size = 18,
  filled = false,
  className,
}: {
  icon: IconData;
  size?: number;
  /** Fill an outline icon (a saved bookmark). */
  filled?: boolean | undefined;
  className?: string | undefined;
}) {
  return (
    <svg aria-hidden="true" width={size} height={size} className={className} {...iconPaint(icon, filled)}>
      {icon.shapes.map((shape, i) =>
        'd' in shape ? (
          <path key={i} d={shape.d} />
        ) : (
          <circle key={i} cx={shape.circle[0]} cy={shape.circle[1]} r={shape.circle[2]} />
        ),
      )}
    </svg>
  );
}
