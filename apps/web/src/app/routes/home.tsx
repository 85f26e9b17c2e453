/** Root and /home: the live map with the shell's overlays, nothing in front of it. */
export const Component = () => null;
