// Root font size scales with the window width, capped at 750 px (spec section 9): 16 px at a
// 375 px wide phone, 32 px at 750 px and wider. Layout sizes are in rem.

export const DESIGN_WIDTH_PX = 375;
export const MAX_WIDTH_PX = 750;
export const BASE_FONT_PX = 16;

export function rootFontSizePx(widthPx: number): number {
  const width = Math.min(Math.max(widthPx, 0), MAX_WIDTH_PX);
  return Math.round((width / DESIGN_WIDTH_PX) * BASE_FONT_PX * 100) / 100;
}

export function installRootFontSize(win: Window = window): void {
  const apply = () => {
    win.document.documentElement.style.fontSize = `${rootFontSizePx(win.innerWidth)}px`;
  };
  apply();
  win.addEventListener('resize', apply);
}
