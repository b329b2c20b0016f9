import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { isAvailable, pathOf } from '../routes/paths';
import { classNames } from './common';
import { Icon } from './icons';

type Props = HTMLAttributes<HTMLElement> & {
  title: string;
  back?: boolean;
  search?: boolean;
  'data-testid'?: string;
};

/** Top bar: back button, optional search icon to /favorite/search, title (spec section 2). */
export function TopBar({ title, back = true, search = false, className, ...rest }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(pathOf('home'), { replace: true });
  };
  return (
    <header className={classNames('top-bar', className)} {...rest}>
      <div className="top-bar-side">
        {back && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.back')}
            onClick={goBack}
            data-testid="top-bar-back"
          >
            <Icon name="back" />
          </button>
        )}
      </div>
      <h1 className="top-bar-title">{title}</h1>
      <div className="top-bar-side top-bar-end">
        {search && isAvailable('search') && (
          <Link className="icon-button" to={pathOf('search')} aria-label={t('common.search')}>
            <Icon name="search" />
          </Link>
        )}
      </div>
    </header>
  );
}
