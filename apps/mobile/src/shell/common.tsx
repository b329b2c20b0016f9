import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Shared pieces of the shell. Each passes className, style, data-testid and aria-* through.

type Native = HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };

const join = (...names: (string | undefined | false)[]) => names.filter(Boolean).join(' ');

/** The demo-mode banner of DESIGN.md §1.2: on every screen in demo mode, never hidden. */
export function DemoBanner({ className, ...rest }: Native) {
  const { t } = useTranslation();
  return (
    <div role="note" data-testid="demo-banner" className={join('demo-banner', className)} {...rest}>
      {t('common.demoBanner')}
    </div>
  );
}

/** The empty state: the spec's "no data" text, or another message. */
export function EmptyState({
  message,
  className,
  children,
  ...rest
}: Native & { message?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div data-testid="empty-state" className={join('empty-state', className)} {...rest}>
      <p>{message ?? t('common.empty')}</p>
      {children}
    </div>
  );
}

/** A loading overlay above the screen while a call runs. */
export function LoadingOverlay({ visible, className, ...rest }: Native & { visible: boolean }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className={join('loading-overlay', className)}
      data-testid="loading-overlay"
      {...rest}
    >
      <span className="spinner spinner-light" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** Inline loading state inside a screen. */
export function Loading({ className, ...rest }: Native) {
  const { t } = useTranslation();
  return (
    <div role="status" className={join('loading', className)} {...rest}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** The splash screen while the site configuration loads (text-free: i18n may not be ready). */
export function Splash({ logoUrl }: { logoUrl?: string }) {
  return (
    <div id="splash" role="img" aria-label="Beurs" data-testid="splash">
      {logoUrl ? (
        <img src={logoUrl} alt="" width={72} height={72} />
      ) : (
        <svg viewBox="0 0 64 64" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#0b3d91" />
          <path d="M14 44l10-12 8 7 14-17 4 4-18 21-8-7-6 8z" fill="#fff" />
        </svg>
      )}
    </div>
  );
}

export { join as classNames };
