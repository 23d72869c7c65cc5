import Cookies from 'js-cookie';
import { STORAGE } from '../settings';

/** The token lives in localStorage and in a cookie under the same key, Custom-Token. */
export function getToken(): string | undefined {
  return localStorage.getItem(STORAGE.token) ?? Cookies.get(STORAGE.token) ?? undefined;
}

export function setToken(token: string): void {
  localStorage.setItem(STORAGE.token, token);
  Cookies.set(STORAGE.token, token);
}

export function removeToken(): void {
  localStorage.removeItem(STORAGE.token);
  Cookies.remove(STORAGE.token);
}
