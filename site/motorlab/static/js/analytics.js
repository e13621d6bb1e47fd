// Google Analytics 4 (gtag.js). The server adds this file, and the gtag.js tag beside it,
// only to the pages of a visitor who accepted analytics in the consent banner.
(function () {
  var id = document.currentScript.getAttribute('data-analytics-id');
  window.dataLayer = window.dataLayer || [];
  function gtag() {
    window.dataLayer.push(arguments);
  }
  gtag('js', new Date());
  gtag('config', id);
})();
