// Types of scripts/wordpress-attributes.mjs for the TypeScript tests that import it.
export declare const WITHHELD_ATTRIBUTES: string[];
export declare const URL_ATTRIBUTES: string[];
export declare function classifyAttributes(
  tag: string,
  documented: string[],
): { attributes: string[]; url: string[]; withheld: string[] };
