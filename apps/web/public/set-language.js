// Sets <html lang> before the first paint, from the same key the app reads. A file of its own, not
// an inline script: the Content-Security-Policy runs scripts from this origin only.
try {
  var language = localStorage.getItem('contrail.language');
  if (language === 'fr' || language === 'es' || language === 'en') document.documentElement.lang = language;
} catch (e) {}
