// The part of madge's API the layering test uses (the package ships no types).
declare module "madge" {
  interface MadgeResult {
    /** Each file (relative to the base directory) and the files it imports. */
    obj(): Record<string, string[]>;
    /** Each import cycle, as its files in order. */
    circular(): string[][];
  }
  export default function madge(path: string, config?: { fileExtensions?: string[] }): Promise<MadgeResult>;
}
