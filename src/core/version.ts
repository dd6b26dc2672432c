/** The package version, compared by {@link defineElement} when a page loads the bundle twice. */
export const VERSION = '0.1.0';
