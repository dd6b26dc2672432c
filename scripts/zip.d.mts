/** See zip.mjs: the ZIP archive of `dir`, its entries under `root/`. */
export function zipDirectory(dir: string, root: string): Buffer;
