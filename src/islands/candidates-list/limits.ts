/** SPEC.md §9: more is loaded once the scroll passes 80 % of the list, checked at most every 150 ms. */
export const SCROLL_THRESHOLD = 0.8;
export const THROTTLE_MS = 150;
/** Rows per page; the server renders the first page with the same size. */
export const PAGE_SIZE = 20;
