/** Which of the sign-in page's three forms is shown; each form can switch to the others. */
export type AuthMode = 'login' | 'register' | 'reset';
