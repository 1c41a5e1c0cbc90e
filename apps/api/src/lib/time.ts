export const minutes = (n: number) => n * 60_000;
export const hours = (n: number) => n * 3_600_000;
export const days = (n: number) => n * 86_400_000;
export const fromNow = (ms: number) => new Date(Date.now() + ms);
