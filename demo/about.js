// The page to show comes from the address (/about.html?page=faq), as a CMS's route would give it;
// the navigation marks the same page. Without ?page, the "about" page.
const slug = new URLSearchParams(location.search).get('page') || 'about';
document.querySelector('conf-page')?.setAttribute('slug', slug);
document.querySelector('conf-site-nav')?.setAttribute('current', slug);
