export const BENCH_ACCOUNT = { email: 'bench@example.jp', password: 'bench2026', firstName: '計測', lastName: '負荷', birthday: '199001', signedUp: true };
