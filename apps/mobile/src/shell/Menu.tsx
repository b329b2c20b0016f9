import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isAvailable, pathOf, type RouteName } from '../routes/paths';
import { Icon } from './icons';

export type MenuItem = { route: RouteName; label: string; value?: ReactNode; testId?: string };

/** A list of links; items whose screen does not exist yet are left out. */
export function Menu({ items, 'aria-label': ariaLabel }: { items: MenuItem[]; 'aria-label'?: string }) {
  return (
    <ul className="menu" aria-label={ariaLabel}>
      {items
        .filter((item) => isAvailable(item.route))
        .map((item) => (
          <li key={item.route}>
            <Link to={pathOf(item.route)} data-testid={item.testId ?? `menu-${item.route}`}>
              <span className="menu-label">{item.label}</span>
              {item.value !== undefined && <span className="menu-value">{item.value}</span>}
              <Icon name="chevron" />
            </Link>
          </li>
        ))}
    </ul>
  );
}
