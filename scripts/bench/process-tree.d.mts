export function processTree(pid: number): number[];
export function readProc(pid: number, file: string): string;
