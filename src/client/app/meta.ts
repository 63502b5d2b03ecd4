/** What the prerendered pages say about themselves in <head> (docs/architecture.md "Languages"). */
export const META = { description: 'Mofu: a cosy anime corner with a fluffy mascot.' }
