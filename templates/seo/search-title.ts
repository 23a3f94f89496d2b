/** A page's title in the browser and in search results: its own, then the centre's name; the home page's stands alone. */
export function searchTitle(pageId: string, title: string, siteName: string): string {
  return pageId === '' ? title : `${title} | ${siteName}`;
}
