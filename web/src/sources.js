// The page about the sources (web/sources.html): a static page in both languages that says what the five
// documents the lab was built from are. Only the lab's styles.
import './styles.css';
