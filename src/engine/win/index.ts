export { checkWin, type WinCheck, type WinReason } from './check';
