/** Side-bar widths of spec 9: closed 40 px, open 310 px (the cart drawer takes the difference). */
export const SIDEBAR_CLOSED_WIDTH = 40;
export const SIDEBAR_OPEN_WIDTH = 310;
