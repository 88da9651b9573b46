declare const __RELEASE__: string | undefined;

/**
 * The release a browser's error report names: the package version and the commit it was built
 * from (or the build's day outside a git checkout), fixed by astro.config.mjs at build time.
 */
export const RELEASE: string = typeof __RELEASE__ === 'string' ? __RELEASE__ : 'dev';
