// The async boundary lets Module Federation negotiate shared singletons before
// any of them (React first) is evaluated.
void import('./bootstrap');
